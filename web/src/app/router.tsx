// The page's routes: dashboard (its code fetched on first visit), locations, and everything else sent to locations.
import { createHashRouter, Navigate, type RouteObject } from "react-router-dom";
import { Loading } from "../components/query-status";
import { paths } from "../config/paths";
import { LocationsScreen } from "../features/locations/locations-screen";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the dashboard's code downloads when it is the first screen opened.
    hydrateFallbackElement: <Loading />,
    children: [
      {
        path: paths.home.path,
        errorElement: <RouteError />,
        lazy: async () => {
          const { DashboardScreen } = await import("../features/dashboard/dashboard-screen");
          return { Component: DashboardScreen };
        },
      },
      { path: paths.locations.path, element: <LocationsScreen />, errorElement: <RouteError /> },
      // Replace, so Back does not bounce the guest to the unknown address again.
      { path: "*", element: <Navigate replace to={paths.locations.href()} /> },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(routes);
}
