import { Center, Loader, Stack, Text } from "@mantine/core";
import { frameStandsIn, useHoldScreenFrame } from "../lib/screen-frame";

/**
 * What a guard shows while it finds out who is signed in. On a signed-in screen's first load the
 * screen's frame (drawn by its HTML, lib/screen-frame.ts) stands in for it until the screen itself is ready.
 */
export function LoadingScreen() {
  useHoldScreenFrame();
  if (frameStandsIn()) return null;
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="sm" aria-hidden />
        <Text>Carregando...</Text>
      </Stack>
    </Center>
  );
}
