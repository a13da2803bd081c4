import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";
import { Outlet } from "react-router";

/** Screens with forms and toasts. Loaded lazily so the public first load carries neither. */
export function Component() {
  return (
    <>
      <Notifications position="top-center" limit={3} />
      <Outlet />
    </>
  );
}
