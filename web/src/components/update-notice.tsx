// "A new version of the page is ready": shown when a deploy happened while the page was open.
import { useEffect, useState } from "react";
import { applyUpdate, onUpdate, updateWaiting } from "../lib/app-update";
import { useI18n } from "../lib/i18n/language";

export function UpdateNotice() {
  const { t } = useI18n();
  const [waiting, setWaiting] = useState(updateWaiting);
  useEffect(() => onUpdate(() => setWaiting(true)), []);
  if (!waiting) return null;
  return (
    <div className="notice update-notice" role="status">
      <p>{t.updateReady}</p>
      <button type="button" className="button" onClick={() => void applyUpdate()}>
        {t.updateNow}
      </button>
    </div>
  );
}
