// Loading and error states every screen shares, worded for a guest on a phone with weak signal.

import { useI18n } from "../lib/i18n/language";
import { isNotFound } from "../lib/trpc";

export function Loading() {
  const { t } = useI18n();
  return (
    <p className="status" role="status">
      <span className="spinner" aria-hidden="true" />
      {t.loading}
    </p>
  );
}

interface LoadErrorProps {
  error: unknown;
  onRetry: () => void;
  /** True while the retry is on its way, so a second tap does not queue another. */
  retrying: boolean;
  /** Replaces the "not published yet" wording where NOT_FOUND means something narrower. */
  notFoundMessage?: string;
}

export function LoadError({ error, onRetry, retrying, notFoundMessage }: LoadErrorProps) {
  const { t } = useI18n();
  const message = isNotFound(error) ? (notFoundMessage ?? t.errorNotPublished) : t.errorNetwork;
  return (
    <div className="notice" role="alert">
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry} disabled={retrying}>
        {retrying ? t.loading : t.retry}
      </button>
    </div>
  );
}
