import './ui.css';

/** A placeholder block of a given size while content loads; hidden from assistive technology. */
export function Skeleton({ width = '100%', height }: { width?: string | number; height: string | number }) {
  return <span className="skeleton" aria-hidden="true" style={{ display: 'block', width, height }} />;
}
