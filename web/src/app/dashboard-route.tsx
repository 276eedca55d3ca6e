// The dashboard route, composed here so features stay independent: the dashboard itself, led by the invitation's
// welcome card (a greeting for a household, a way in for a stranger) and, in the last days, the household's table,
// with the live guestbook and the push opt-in.
// Loaded on demand.
import { DashboardScreen as Dashboard } from "../features/dashboard/dashboard-screen";
import { GuestbookSection } from "../features/guestbook/guestbook-section";
import { SeatingCard } from "../features/invitation/seating-card";
import { WelcomeCard } from "../features/invitation/welcome-card";
import { PushOptIn } from "../features/notifications/push-opt-in";

export function DashboardScreen() {
  return (
    <Dashboard
      welcome={(site) => <WelcomeCard site={site} />}
      seating={<SeatingCard />}
      guestbook={(timeZone) => <GuestbookSection timeZone={timeZone} />}
      push={<PushOptIn />}
    />
  );
}
