import { ADMIN_ROOT, ADMIN_SCREENS, type AdminScreenKey } from "@app/shared/screen-access";
import { type RouteObject, useLocation, useRoutes } from "react-router";
import { type LazyPage, lazyPage, preloadMatches } from "./lazy-page";

/**
 * The page of each back-office screen of the shared map (@app/shared/screen-access), and the pages below
 * it by their path under the screen's. A screen without a page, or a page without a screen, does not
 * compile: the route table and the map cannot drift apart (issue 22).
 */
const ADMIN_PAGES: Record<AdminScreenKey, { page: LazyPage; below?: Record<string, LazyPage> }> = {
  dashboard: { page: lazyPage(() => import("../features/dashboard/pages/dashboard-page")) },
  courses: { page: lazyPage(() => import("../features/courses/pages/admin-courses-page")) },
  classes: { page: lazyPage(() => import("../features/classes/pages/admin-classes-page")) },
  enrollments: { page: lazyPage(() => import("../features/enrollments/pages/admin-enrollments-page")) },
  studentAccounts: { page: lazyPage(() => import("../features/student-accounts/pages/admin-student-accounts-page")) },
  teachers: { page: lazyPage(() => import("../features/teachers/pages/admin-teachers-page")) },
  paymentReceipts: { page: lazyPage(() => import("../features/receipts/pages/admin-receipts-page")) },
  financial: { page: lazyPage(() => import("../features/payments/pages/admin-financial-page")) },
  bankStatements: {
    page: lazyPage(() => import("../features/bank-statements/pages/bank-statements-page")),
    below: { ":statementId": lazyPage(() => import("../features/bank-statements/pages/bank-statement-page")) },
  },
  users: { page: lazyPage(() => import("../features/users/pages/admin-users-page")) },
  roles: { page: lazyPage(() => import("../features/users/pages/admin-roles-page")) },
  settings: { page: lazyPage(() => import("../features/settings/pages/admin-settings-page")) },
  privacy: { page: lazyPage(() => import("../features/settings/pages/admin-privacy-page")) },
  systemStatus: { page: lazyPage(() => import("../features/dashboard/pages/system-status-page")) },
  dataImport: { page: lazyPage(() => import("../features/data-import/pages/data-import-page")) },
  teaching: {
    page: lazyPage(() => import("../features/teaching/pages/teaching-classes-page")),
    below: { ":classId": lazyPage(() => import("../features/teaching/pages/teaching-class-page")) },
  },
};

/** The admin routes, relative to /admin, at the map's paths. */
function adminRoutes(): RouteObject[] {
  return (Object.keys(ADMIN_PAGES) as AdminScreenKey[]).flatMap((key) => {
    const { page, below = {} } = ADMIN_PAGES[key];
    const path = ADMIN_SCREENS[key].path.slice(ADMIN_ROOT.length + 1);
    return [
      path ? { path, Component: page } : { index: true, Component: page },
      ...Object.entries(below).map(([sub, Component]) => ({ path: `${path}/${sub}`, Component })),
    ];
  });
}

/**
 * The staff area, relative to /admin (signed-in-routes.tsx renders it at "admin/*"). A table of its own,
 * in a chunk of its own: what only staff screens use is grouped apart from what student screens load
 * (vite.config.ts, decision 091).
 */
export const staffRoutes: RouteObject[] = [
  {
    Component: lazyPage(() => import("./layouts/admin-layout")),
    children: [
      {
        // Which roles open each screen, and which paths are screens at all: the shared map, read by this guard.
        Component: lazyPage(() => import("./guards/role-route").then((m) => ({ Component: m.AdminScreenRoute }))),
        children: adminRoutes(),
      },
      // A staff user's own account (any role; the two-factor set-up, decision 076): not a screen of the map.
      { path: "account", Component: lazyPage(() => import("../features/two-factor/pages/staff-account-page")) },
    ],
  },
];

/** The staff routes under the signed-in table's "admin/*" route (descendant routes, matched from /admin). */
export function Component() {
  const { pathname } = useLocation();
  preloadMatches(staffRoutes, pathname, ADMIN_ROOT);
  return useRoutes(staffRoutes);
}
