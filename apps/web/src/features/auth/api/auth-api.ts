import type { LoginPayload, RegisterPayload } from '@storefront/contracts/accounts';
import type { DocumentType } from '@storefront/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

interface TokenAnswer {
  token: string;
}
interface DetailAnswer {
  detail: string;
}
export interface ValidateAnswer {
  is_registered: boolean;
  can_register: boolean;
}
export type SocialProvider = 'google' | 'facebook' | 'apple';

export const useLogin = () =>
  useMutation({
    mutationFn: (payload: LoginPayload) =>
      apiFetch<TokenAnswer>('v5/login/', { method: 'POST', body: payload }),
  });

/** Sign-in with a provider's token (`POST v5/login/mobile/{provider}/`); Apple's is an identity token. */
export const useSocialLogin = () =>
  useMutation({
    mutationFn: ({ provider, providerToken }: { provider: SocialProvider; providerToken: string }) =>
      apiFetch<TokenAnswer>(`v5/login/mobile/${provider}/`, {
        method: 'POST',
        body: provider === 'apple' ? { id_token: providerToken } : { access_token: providerToken },
      }),
  });

export const validateDocument = (payload: {
  document_type: DocumentType;
  document_number: string;
  captcha_token?: string;
}) => apiFetch<ValidateAnswer>('v5/validate/', { method: 'POST', body: payload });

export const useRegister = () =>
  useMutation({
    mutationFn: (payload: RegisterPayload) =>
      apiFetch<TokenAnswer>('v5/register/', { method: 'POST', body: payload }),
  });

export const useRequestReset = () =>
  useMutation({
    mutationFn: (payload: { email: string; captcha_token?: string }) =>
      apiFetch<DetailAnswer>('v5/me/reset_password/', { method: 'POST', body: payload }),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: ({
      uidUser,
      token,
      ...body
    }: {
      uidUser: string;
      token: string;
      password: string;
      password_confirmation: string;
    }) => apiFetch<DetailAnswer>(`v5/me/reset_password/${uidUser}/${token}/`, { method: 'POST', body }),
  });

export const verifyEmail = (uidApp: string, uidUser: string, token: string) =>
  apiFetch<DetailAnswer>(`v5/verification-email/${uidApp}/${uidUser}/${token}/`);
