// What a guest sees when a screen breaks (a render bug, or its code failing to download on weak signal): the
// header and navigation stay, with a way to reload or go to the places.
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { paths } from "../config/paths";
import { useI18n } from "../lib/i18n/language";

export function RouteError() {
  const { t } = useI18n();
  return (
    <section className="screen" aria-labelledby="route-error-title">
      <h1 id="route-error-title" tabIndex={-1}>
        {t.routeErrorTitle}
      </h1>
      <div className="notice" role="alert">
        <p>{t.routeErrorBody}</p>
        <div className="actions">
          <button type="button" className="button" onClick={() => window.location.reload()}>
            {t.reload}
          </button>
          <Link className="button button-secondary" to={paths.locations.href()}>
            {t.goToLocations}
          </Link>
        </div>
      </div>
    </section>
  );
}

/** React catches render errors only in a class component; this one shows RouteError instead of a blank page. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("A screen failed to render:", error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
