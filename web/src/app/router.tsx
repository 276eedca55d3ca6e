// The page's routes: dashboard, the household's answer, the couple's page and the privacy notice (each fetched the
// first time it is shown), locations, and everything else replaced by locations. Declarative routes keep react-router's data layer
// (loaders, actions), which this page does not use, out of every guest's first download.
import { lazy, type ReactNode, Suspense } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router-dom";
import { Loading } from "../components/query-status";
import { paths } from "../config/paths";
import { LocationsScreen } from "../features/locations/locations-screen";
import { RootLayout } from "./root-layout";
import { RouteErrorBoundary } from "./route-error";

const DashboardScreen = lazy(() => import("./dashboard-route").then((module) => ({ default: module.DashboardScreen })));
const RsvpScreen = lazy(() =>
  import("../features/invitation/rsvp-screen").then((module) => ({ default: module.RsvpScreen })),
);
const CoupleScreen = lazy(() =>
  import("../features/couple/couple-screen").then((module) => ({ default: module.CoupleScreen })),
);
const PrivacyScreen = lazy(() =>
  import("../features/privacy/privacy-screen").then((module) => ({ default: module.PrivacyScreen })),
);

/** A screen with its own error boundary (reset by moving to another address) and a loading state for its code. */
function Screen({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary key={pathname}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route
          path={paths.home.path}
          element={
            <Screen>
              <DashboardScreen />
            </Screen>
          }
        />
        <Route
          path={paths.locations.path}
          element={
            <Screen>
              <LocationsScreen />
            </Screen>
          }
        />
        <Route
          path={paths.rsvp.path}
          element={
            <Screen>
              <RsvpScreen />
            </Screen>
          }
        />
        <Route
          path={paths.couple.path}
          element={
            <Screen>
              <CoupleScreen />
            </Screen>
          }
        />
        <Route
          path={paths.privacy.path}
          element={
            <Screen>
              <PrivacyScreen />
            </Screen>
          }
        />
        {/* Replace, so Back does not bounce the guest to the unknown address again. */}
        <Route path="*" element={<Navigate replace to={paths.locations.href()} />} />
      </Route>
    </Routes>
  );
}
