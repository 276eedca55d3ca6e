// The sign-in as React state: who is signed in on this device, and the notice shown when the BFF refused a
// remembered sign-in (an expired session or a replaced invitation link).
import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import type { Session, SessionKind } from "./session";
import { errorReason, isSessionRefused } from "./trpc";

/** Why the page signed out, to say so; "use-another-invitation" opens the code entry instead. */
export type SessionNotice = "invitation-replaced" | "household-removed" | "signed-out" | "use-another-invitation";

interface SessionState {
  session: Session;
  /** undefined while a remembered sign-in is being checked. */
  kind: SessionKind | null | undefined;
  notice: SessionNotice | undefined;
  setNotice(notice: SessionNotice | undefined): void;
}

const SessionContext = createContext<SessionState | null>(null);

interface SessionProviderProps {
  session: Session;
  children: ReactNode;
  /**
   * Hydrating a prerendered page, which was rendered for a stranger: start as one, so the first render matches the
   * HTML, while a remembered sign-in is checked (the stranger's card stays hidden meanwhile; see styles.css).
   */
  hydrating?: boolean;
}

export function SessionProvider({ session, children, hydrating = false }: SessionProviderProps) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<SessionKind | null | undefined>(() =>
    session.remembered() && !hydrating ? undefined : null,
  );
  const [notice, setNotice] = useState<SessionNotice>();

  useEffect(() => {
    let current = true;
    const refresh = () => {
      const settle = (next: SessionKind | null) => {
        if (!current) return;
        setKind(next);
        // Set by the prerendered page's first-screen script: the sign-in is known now.
        document.documentElement.removeAttribute("data-session");
      };
      session.kind().then(settle, () => settle(null));
    };
    refresh();
    const unsubscribe = session.subscribe(() => {
      refresh();
      // Everything the BFF said was said to the previous viewer: ask again as the new one.
      void queryClient.resetQueries();
    });
    // A sign-in the BFF refuses (expired, or the couple replaced the link) is dropped, and the page says why.
    const refused = (error: unknown) => {
      if (!isSessionRefused(error)) return;
      const reason = errorReason(error);
      setNotice(reason === "invitation-replaced" || reason === "household-removed" ? reason : "signed-out");
      void session.signOut();
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") refused(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") refused(event.action.error);
    });
    return () => {
      current = false;
      unsubscribe();
      stopQueries();
      stopMutations();
    };
  }, [session, queryClient]);

  const value = useMemo(() => ({ session, kind, notice, setNotice }), [session, kind, notice]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error("useSession must be used inside <SessionProvider>.");
  return state;
}
