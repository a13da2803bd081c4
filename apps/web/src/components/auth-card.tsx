import { Center, Container, Paper } from "@mantine/core";
import type { ReactNode } from "react";

/** The centred card of the sign-in, account and password screens. */
export function AuthCard({ width = 440, children }: { width?: number; children: ReactNode }) {
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Container size={width} w="100%" px={0}>
        <Paper withBorder shadow="sm" p={{ base: "lg", sm: "xl" }} radius="md">
          {children}
        </Paper>
      </Container>
    </Center>
  );
}
