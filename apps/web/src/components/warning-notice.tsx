import { Alert } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** A warning to read before going on (an orange alert with a triangle): what will happen, not an error. */
export function WarningNotice({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} title={title}>
      {children}
    </Alert>
  );
}
