// What a guest sees when a screen breaks (a render bug, or its code failing to download on weak signal).
import { Link } from "react-router-dom";
import { paths } from "../config/paths";
import { useI18n } from "../lib/i18n/language";

export function RouteError() {
  const { t } = useI18n();
  return (
    <section className="screen" aria-labelledby="route-error-title">
      <h1 id="route-error-title">{t.routeErrorTitle}</h1>
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
