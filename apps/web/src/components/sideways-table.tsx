import { Group, Table, Text } from "@mantine/core";
import { IconArrowsHorizontal } from "@tabler/icons-react";
import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * A table wider than the screen (a bank's file, a list on a phone): it scrolls sideways
 * inside its own box, focusable so a keyboard can scroll it, and says so above it while it does not fit.
 */
export function SidewaysTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <>
      {overflows && (
        <Group gap={4} wrap="nowrap">
          <IconArrowsHorizontal size={16} aria-hidden />
          <Text size="xs" c="dimmed">
            A tabela é mais larga que a tela: deslize para o lado para ver todas as colunas.
          </Text>
        </Group>
      )}
      <Table.ScrollContainer
        ref={box}
        minWidth={minWidth}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={`${label} (deslize para o lado)`}
      >
        {children}
      </Table.ScrollContainer>
    </>
  );
}
