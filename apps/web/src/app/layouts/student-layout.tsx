import { AppShell, Container } from "@mantine/core";
import { Outlet } from "react-router";
import { StudentGuard } from "../guards/student-guard";

export function Component() {
  return (
    <StudentGuard>
      <AppShell padding="md">
        <AppShell.Main>
          <Container size="lg">
            <Outlet />
          </Container>
        </AppShell.Main>
      </AppShell>
    </StudentGuard>
  );
}
