// "Add to calendar": a button that saves an .ics file made in the browser (so it works without signal once the page
// is open) and, for one event, the Google Calendar link as the alternative for browsers that cannot save files.
import { type ReactNode, useState } from "react";
import { type CalendarEvent, type CalendarFile, googleCalendarUrl } from "../lib/calendar";
import { useI18n } from "../lib/i18n/language";

const ICS_TYPE = "text/calendar;charset=utf-8";

/**
 * Saves the file where the browser can (Blob URL + `download`); where it cannot, the same link opens the file,
 * which phones hand to their calendar. Returns whether the browser saves it as a download.
 */
function saveCalendarFile(fileName: string, text: string): boolean {
  const link = document.createElement("a");
  // Asked before setting it: setting it where it is unsupported would make it look supported.
  const downloads = "download" in link;
  // Some in-app browsers lack Blob URLs; a data: URL carries the same file.
  link.href =
    typeof URL.createObjectURL === "function"
      ? URL.createObjectURL(new Blob([text], { type: ICS_TYPE }))
      : `data:${ICS_TYPE},${encodeURIComponent(text)}`;
  // The Blob URL is not revoked: revoking it right after the click cancels the download in some browsers, and a
  // few kilobytes are freed when the page closes.
  link.download = fileName;
  link.click();
  return downloads;
}

interface CalendarActionsProps {
  file: CalendarFile;
  /** The button's visible text. */
  label: string;
  /** The button's name for screen readers when the visible text alone is ambiguous (one per event). */
  accessibleName?: string;
  /** Shown next to the button: the Google Calendar link, a hint. */
  children?: ReactNode;
}

export function CalendarActions({ file, label, accessibleName, children }: CalendarActionsProps) {
  const { t } = useI18n();
  const [message, setMessage] = useState("");

  async function addToCalendar() {
    setMessage("");
    try {
      // Fetched on the first tap only; the library has no place in first paint.
      const { icsText } = await import("../lib/ics-file");
      const downloaded = saveCalendarFile(file.fileName, icsText(file));
      setMessage(downloaded ? t.calendarDownloaded(file.fileName) : t.calendarOpened);
    } catch {
      // The module could not be fetched (no signal, and not cached yet).
      setMessage(t.calendarFailed);
    }
  }

  return (
    <div className="calendar-actions">
      <div className="actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void addToCalendar()}
          aria-label={accessibleName}
        >
          {label}
        </button>
        {children}
      </div>
      <p className="action-status" role="status">
        {message}
      </p>
    </div>
  );
}

/** One event's buttons: its .ics file and its Google Calendar page. */
export function EventCalendarActions({
  event,
  eventTitle,
  file,
}: {
  event: CalendarEvent;
  /** The event's own title ("Ceremonia"), to tell the buttons of several events apart. */
  eventTitle: string;
  file: CalendarFile;
}) {
  const { t } = useI18n();
  return (
    <CalendarActions file={file} label={t.addToCalendar} accessibleName={t.addEventToCalendar(eventTitle)}>
      <a
        className="button button-secondary"
        href={googleCalendarUrl(event)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t.addToGoogleCalendar(eventTitle)}
      >
        Google Calendar
      </a>
    </CalendarActions>
  );
}
