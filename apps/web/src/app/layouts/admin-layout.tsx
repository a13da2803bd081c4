import { AppShell } from "@mantine/core";
import { Outlet } from "react-router";
import { StaffGuard } from "../guards/staff-guard";

export function Component() {
  return (
    <StaffGuard>
      <AppShell padding="md">
        <AppShell.Main>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </StaffGuard>
  );
}
