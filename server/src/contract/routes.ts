// The page's hash routes, and the few lines that pick the first screen before any of the app's code has arrived.
// The server never sees the fragment, so the prerendered HTML carries both public screens and this script (inline,
// allowed by its hash in the CSP) marks <html data-screen> for the stylesheet to show the right one. Shared by the
// page's router (web/src/config/paths.ts) and the BFF that inlines the script, so both read the same paths.

export const ROUTES = {
  home: "/",
  locations: "/ubicaciones",
  /** The household's answer: the form, or the summary once answered. */
  rsvp: "/confirmar",
  /** The couple's view of everyone's answers. */
  couple: "/pareja",
  /** The privacy notice: what the page keeps about guests, who sees it, for how long, how to have it removed. */
  privacy: "/privacidad",
} as const;

/** The screens the BFF prerenders, as `<div id="page-<screen>">`, and the value the script puts in data-screen. */
export const PRERENDERED_SCREENS = ["home", "locations"] as const;
export type PrerenderedScreen = (typeof PRERENDERED_SCREENS)[number];

/** Where the page keeps the guest's language choice and whether this device is signed in (web/src/lib). */
export const LANGUAGE_STORAGE_KEY = "boda.language";
export const SIGNED_IN_STORAGE_KEY = "boda.signed-in";

/**
 * The sign-in link emailed to a guest who lost the invitation comes back as `/?hogar=<household key>` plus Firebase's
 * `mode=signIn&oobCode=..&lang=..`, in the query (not the fragment): Firebase appends its parameters there.
 */
export const EMAIL_LINK_HOUSEHOLD_PARAM = "hogar";

/**
 * Runs in <head>, before the body is parsed:
 * - `#/` (or no fragment) shows the dashboard, `#/ubicaciones` the places, the screens that are not prerendered
 *   (the answer, the couple's page, the privacy notice) wait for the app (`app`), and any other path is replaced by `#/ubicaciones` at once, as the router would do (Back skips it);
 * - when the link (`lang` in the fragment or the query) or the guest's saved choice asks for the other language
 *   than the HTML was rendered in, the page is asked again with `?lang=` (once: never when the query already says so,
 *   nor offline, where the app switches after hydrating), showing neither screen meanwhile;
 * - a device that remembers a sign-in is marked, so the stranger's invitation card stays hidden until the app knows
 *   who is there.
 * ES5, no dependencies, a few hundred bytes: it blocks the parser, so it must cost nothing.
 */
export const FIRST_SCREEN_SCRIPT = `(function(){var d=document.documentElement,h=location.hash.slice(1),i=h.indexOf("?"),p=i<0?h:h.slice(0,i),s;
if(p===""||p===${JSON.stringify(ROUTES.home)})s="home";else if(p===${JSON.stringify(ROUTES.locations)})s="locations";
else if(p===${JSON.stringify(ROUTES.rsvp)}||p===${JSON.stringify(ROUTES.couple)}||p===${JSON.stringify(ROUTES.privacy)})s="app";
else{history.replaceState(history.state,"","#${ROUTES.locations}");s="locations"}
d.setAttribute("data-screen",s);
var q=new URLSearchParams(location.search),l=i<0?null:new URLSearchParams(h.slice(i)).get("lang"),r;
try{r=localStorage.getItem(${JSON.stringify(SIGNED_IN_STORAGE_KEY)});l=l||q.get("lang")||localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})}catch(e){l=l||q.get("lang")}
if(r==="1")d.setAttribute("data-session","remembered");
if((l==="es"||l==="en")&&l!==d.lang&&q.get("lang")!==l&&navigator.onLine){q.set("lang",l);d.setAttribute("data-screen","app");location.replace("?"+q+location.hash)}})();`;
