// The dashboard route, composed here so features stay independent: the dashboard itself, led by the invitation's
// welcome card (a greeting for a household, a way in for a stranger). Loaded on demand.
import { DashboardScreen as Dashboard } from "../features/dashboard/dashboard-screen";
import { WelcomeCard } from "../features/invitation/welcome-card";

export function DashboardScreen() {
  return <Dashboard welcome={(site) => <WelcomeCard site={site} />} />;
}
