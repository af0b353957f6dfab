import type { ComponentProps } from 'react';
import { type To, useHref, useLinkClickHandler, useLocation, useResolvedPath } from 'react-router';

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** A full page load instead of a client-side navigation. */
  reloadDocument?: boolean;
};

/**
 * React Router's link, built on its own click handler (`useLinkClickHandler`, there for custom links). Its
 * `<Link>` also carries the data router's prefetching and view transitions, 2.4 KiB of every first page
 * that the declarative router never runs (decision 013). Paths inside the storefront only.
 */
export function Link({ to, replace, state, target, reloadDocument, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { replace, state, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented && !reloadDocument) navigate(event);
      }}
    />
  );
}

/**
 * A link marked `active` (class and `aria-current="page"`) on its path and the paths below it, as React
 * Router's `<NavLink>` marks it (case-insensitive; `/` only on itself).
 */
export function NavLink({ to, ...rest }: Omit<LinkProps, 'className' | 'aria-current'>) {
  const location = useLocation().pathname.toLowerCase();
  const path = useResolvedPath(to).pathname.toLowerCase();
  const active =
    location === path || (path !== '/' && location.startsWith(path.endsWith('/') ? path : `${path}/`));
  return (
    <Link
      {...rest}
      to={to}
      className={active ? 'active' : undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
}
