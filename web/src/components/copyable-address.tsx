// A place's address with a button that copies it (to paste into a taxi app or a message), and a polite
// confirmation for screen readers. Where the browser will not copy, the address is left selected instead.
import { useRef, useState } from "react";
import { useI18n } from "../lib/i18n/language";

/** Copies with the Clipboard API where there is one; otherwise selects the text and asks the browser to copy it. */
async function copyText(text: string, element: HTMLElement): Promise<"copied" | "selected"> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return "copied";
    }
  } catch {
    // Refused (in-app browsers, no permission): fall back to the selection.
  }
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  try {
    // Deprecated, but the only way to copy in browsers without the Clipboard API.
    return document.execCommand("copy") ? "copied" : "selected";
  } catch {
    return "selected";
  }
}

export function CopyableAddress({ placeName, address }: { placeName: string; address: string }) {
  const { t } = useI18n();
  const addressRef = useRef<HTMLParagraphElement>(null);
  const [message, setMessage] = useState("");

  async function copy() {
    if (!addressRef.current) return;
    // Emptied first so that copying again is announced again.
    setMessage("");
    const result = await copyText(address, addressRef.current);
    setMessage(result === "copied" ? t.addressCopied : t.addressSelected);
  }

  return (
    <div className="copyable-address">
      <p className="address" ref={addressRef}>
        {address}
      </p>
      <button
        type="button"
        className="button button-secondary button-small"
        onClick={() => void copy()}
        aria-label={t.copyAddressOf(placeName)}
      >
        {t.copyAddress}
      </button>
      <p className="action-status" role="status">
        {message}
      </p>
    </div>
  );
}
