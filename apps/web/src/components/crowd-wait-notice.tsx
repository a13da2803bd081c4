import { crowded } from "@app/shared/request-messages";
import { Alert, Text, VisuallyHidden } from "@mantine/core";
import { IconClockHour4 } from "@tabler/icons-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { crowdWait, subscribeCrowdWait } from "../lib/crowd-wait";
import classes from "./crowd-wait-notice.module.css";

/**
 * The countdown of a request the server asked to send again later because a crowd is signing in (503
 * 'crowded', decision 090): the server's words with the seconds left, while lib/api waits to send it once
 * more by itself. Screen readers hear the message once; the seconds change on screen only.
 */
export function CrowdWaitNotice() {
  const wait = useSyncExternalStore(subscribeCrowdWait, crowdWait, () => null);
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!wait) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [wait]);
  if (!wait) return null;
  const left = Math.max(1, Math.ceil((wait.until - now) / 1000));
  return (
    <div className={classes.notice}>
      <Alert role="status" color="yellow" icon={<IconClockHour4 size={20} />} data-testid="crowd-wait">
        <Text size="sm" fw={600} aria-hidden>
          {crowded(left).message}
        </Text>
        <VisuallyHidden>{crowded(wait.seconds).message}</VisuallyHidden>
        <Text size="sm">Vamos tentar de novo automaticamente.</Text>
      </Alert>
    </div>
  );
}
