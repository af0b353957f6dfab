// What the admin site keeps in the browser: the session token and the company picked (remembered
// across visits, per browser). Every key is named here once.
const TOKEN_KEY = 'admin.token';
const COMPANY_KEY = 'admin.company';

export const session = {
  token: () => localStorage.getItem(TOKEN_KEY),
  setToken: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  companyUid: () => localStorage.getItem(COMPANY_KEY),
  setCompanyUid: (uid: string) => localStorage.setItem(COMPANY_KEY, uid),
  /** Signing out forgets the token; the company picked stays for the next sign-in. */
  clear: () => localStorage.removeItem(TOKEN_KEY),
};
