// Catches the files the page saves through a link (Blob or data: URL with `download`), which jsdom cannot download.
import { onTestFinished, vi } from "vitest";

export interface CaughtDownload {
  /** The `download` attribute: the file name the browser would save under. */
  fileName: string;
  href: string;
  text: () => Promise<string>;
}

/**
 * From now until the test ends, links clicked by code are recorded instead of followed, and Blob URLs are
 * recorded too. With `blobUrls: false` the page sees a browser without `URL.createObjectURL`, as some in-app
 * browsers are.
 */
export function catchDownloads({ blobUrls = true }: { blobUrls?: boolean } = {}): CaughtDownload[] {
  const downloads: CaughtDownload[] = [];
  const blobs = new Map<string, Blob>();
  const original = Object.getOwnPropertyDescriptor(URL, "createObjectURL");
  Object.defineProperty(URL, "createObjectURL", {
    configurable: true,
    writable: true,
    value: blobUrls
      ? (blob: Blob) => {
          const url = `blob:http://localhost/${blobs.size}`;
          blobs.set(url, blob);
          return url;
        }
      : undefined,
  });
  onTestFinished(() => {
    if (original) Object.defineProperty(URL, "createObjectURL", original);
    else Reflect.deleteProperty(URL, "createObjectURL");
  });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    const { href } = this;
    const blob = blobs.get(href);
    downloads.push({
      fileName: this.download,
      href,
      text: () => (blob ? readBlob(blob) : Promise.resolve(decodeURIComponent(href.slice(href.indexOf(",") + 1)))),
    });
  });
  return downloads;
}

// jsdom's Blob has no text(); FileReader is how its own pages would read one.
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** The one file saved so far, read; fails the test if there is not exactly one. */
export async function onlyDownload(
  downloads: CaughtDownload[],
): Promise<{ fileName: string; href: string; text: string }> {
  const [download, ...others] = downloads;
  if (!download || others.length > 0) throw new Error(`Expected one saved file, got ${downloads.length}.`);
  return { fileName: download.fileName, href: download.href, text: await download.text() };
}
