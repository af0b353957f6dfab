import type { Company } from '@storefront/contracts/app';
import type { CompanyCategory } from '@storefront/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import type { Page } from './page.ts';

/** The company categories of a multisite app with their companies (GET v7/categories/). */
export function useCompanyCategories(appUid: string) {
  return useQuery({
    queryKey: ['company-categories', appUid],
    queryFn: ({ signal }) =>
      apiFetch<Page<CompanyCategory>>(
        `v7/categories/?app=${encodeURIComponent(appUid)}&with_companies=true&page_size=100`,
        { signal },
      ),
    select: (page) => page.results,
    staleTime: 5 * 60_000,
  });
}

/** The app's allowed companies of one category (GET v7/apps/{uid}/allowed-companies/). */
export function useCategoryCompanies(appUid: string, categoryUid: string) {
  return useQuery({
    queryKey: ['allowed-companies', appUid, categoryUid],
    queryFn: ({ signal }) =>
      apiFetch<Page<Company>>(
        `v7/apps/${encodeURIComponent(appUid)}/allowed-companies/?category=${encodeURIComponent(categoryUid)}&page_size=100`,
        { signal },
      ),
    select: (page) => page.results,
    staleTime: 5 * 60_000,
  });
}
