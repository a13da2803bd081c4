import { useMediaQuery } from "@mantine/hooks";
import { Notifications } from "@mantine/notifications";
import { PHONE_QUERY } from "../../lib/media";
import classes from "./toast-layout.module.css";

/** Where the toasts show (toast-layout.tsx mounts this at the first one). */
export default function Toasts() {
  // On a phone a toast at the top covers the header ('Sair', the menu) for its 6 s; at the bottom it
  // covers only content, which scrolls (decision 025).
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return (
    // Mantine cuts a toast at 200 px: the reset-password one (code, password, copy and WhatsApp) is taller.
    <Notifications
      position={phone ? "bottom-center" : "top-center"}
      limit={3}
      notificationMaxHeight={420}
      classNames={phone ? { root: classes.passThrough } : undefined}
    />
  );
}
