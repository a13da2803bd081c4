import { SESSION_ENDED_NOTICE } from "@app/shared/messages";
import { Alert } from "@mantine/core";
import { useLocation } from "react-router";

/** On a login screen reached because the session ended under the user (the guards pass `sessionEnded`). */
export function SessionEndedNotice() {
  const ended = (useLocation().state as { sessionEnded?: boolean } | null)?.sessionEnded;
  if (!ended) return null;
  return (
    <Alert color="yellow" variant="light" role="status" p="sm">
      {SESSION_ENDED_NOTICE}
    </Alert>
  );
}
