import { NETWORK_ERROR, UNEXPECTED_ERROR } from "@app/shared/request-messages";
import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Component, type ReactNode } from "react";

/** How each browser words a lazy chunk it could not download (Chromium, Firefox, Safari). */
const CHUNK_FAILED = /dynamically imported module|Importing a module script failed/i;

function isDownloadFailure(error: unknown): boolean {
  return !navigator.onLine || (error instanceof Error && CHUNK_FAILED.test(error.message));
}

type Props = {
  children: ReactNode;
  /** The address: going elsewhere (the header's links) clears the message. */
  resetKey: string;
};

/**
 * Catches a screen that could not be shown: usually a page's code that a phone on a weak connection
 * could not download. Says so in Portuguese and offers a reload (a download React.lazy saw fail stays
 * failed until then), instead of an empty page.
 */
export class PageErrorBoundary extends Component<Props, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error("unknown") };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error !== undefined && previous.resetKey !== this.props.resetKey)
      this.setState({ error: undefined });
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    const message = isDownloadFailure(this.state.error) ? NETWORK_ERROR.message : UNEXPECTED_ERROR.message;
    return (
      <Container size="sm" py={80}>
        <Stack align="center" ta="center" gap="md" role="alert">
          <Title order={1}>Não foi possível abrir esta página</Title>
          <Text>{message}</Text>
          <Button onClick={() => window.location.reload()}>Tentar novamente</Button>
        </Stack>
      </Container>
    );
  }
}
