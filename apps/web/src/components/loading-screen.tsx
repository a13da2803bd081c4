import { Center, Loader, Stack, Text } from "@mantine/core";

/** What a guard shows while it finds out who is signed in. */
export function LoadingScreen() {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="sm" aria-hidden />
        <Text>Carregando...</Text>
      </Stack>
    </Center>
  );
}
