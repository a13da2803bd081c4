// The lazy chunk of lazy-drawer.tsx.
export { Drawer as default } from "@mantine/core";
