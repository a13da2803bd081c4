import { Anchor, Box, Burger, Button, Container, Group, Stack, Text } from "@mantine/core";
import { Suspense, useEffect, useRef, useState } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { PageErrorBoundary } from "../page-error-boundary";
import classes from "./public-layout.module.css";
import { AREA_LINKS, CONTACT, SITE_LINKS } from "./site-links";

export function PublicLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const burgerRef = useRef<HTMLButtonElement>(null);

  // Follow in-page anchors (#sobre, #contacto) after navigation, and close the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the trigger, not an input
  useEffect(() => {
    setMenuOpen(false);
    if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView({ behavior: "smooth" });
    else window.scrollTo(0, 0);
  }, [location.pathname, location.hash]);

  // Escape closes the mobile menu, as it would a dialog.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setMenuOpen(false);
      burgerRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <Box className={classes.page}>
      <a href="#conteudo" className={classes.skip}>
        Saltar para o conteúdo
      </a>
      <header className={classes.header}>
        <Container size="lg" className={classes.bar}>
          <Anchor component={Link} to="/" className={classes.brand} underline="never">
            Instituto
          </Anchor>
          <nav aria-label="Navegação principal" className={classes.desktopNav}>
            {SITE_LINKS.map((l) => (
              <Anchor key={l.to} component={Link} to={l.to} className={classes.navLink}>
                {l.label}
              </Anchor>
            ))}
          </nav>
          <Group gap="xs" className={classes.desktopNav}>
            <Button component={Link} to={AREA_LINKS[0].to} variant="light" size="sm">
              {AREA_LINKS[0].label}
            </Button>
            <Button component={Link} to={AREA_LINKS[1].to} variant="subtle" size="sm">
              {AREA_LINKS[1].label}
            </Button>
          </Group>
          <Burger
            ref={burgerRef}
            opened={menuOpen}
            onClick={() => setMenuOpen((o) => !o)}
            className={classes.burger}
            aria-label="Abrir menu"
            aria-expanded={menuOpen}
            aria-controls="menu-movel"
            size="sm"
          />
        </Container>
        {/* A disclosure panel rather than a Drawer: no modal, portal or scroll-lock code in the first load. */}
        <nav id="menu-movel" aria-label="Menu" hidden={!menuOpen} className={classes.mobileMenu}>
          <Container size="lg">
            <Stack gap={0}>
              {[...SITE_LINKS, ...AREA_LINKS].map((l) => (
                <Anchor
                  key={l.to}
                  component={Link}
                  to={l.to}
                  size="lg"
                  className={classes.mobileLink}
                  onClick={() => setMenuOpen(false)}
                >
                  {l.label}
                </Anchor>
              ))}
            </Stack>
          </Container>
        </nav>
      </header>
      <main id="conteudo" className={classes.main}>
        {/* A page whose code is still downloading, or failed to: the header and footer are already there. */}
        <PageErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <footer id="contacto" className={classes.footer}>
        <Container size="lg">
          <div className={classes.footerGrid}>
            <Stack gap={4}>
              <Text fw={700} c="white">
                Instituto — Cursos Extracurriculares
              </Text>
              <Text size="sm" c="gray.3">
                Formação prática para o mercado angolano.
              </Text>
            </Stack>
            <Stack gap={4}>
              <Text fw={700} c="white">
                Contacto
              </Text>
              <Text size="sm" c="gray.3">
                {CONTACT.city}
              </Text>
              <Anchor href={`tel:${CONTACT.phone.replace(/\s/g, "")}`} size="sm" c="gray.2">
                {CONTACT.phone}
              </Anchor>
              <Anchor href={`mailto:${CONTACT.email}`} size="sm" c="gray.2">
                {CONTACT.email}
              </Anchor>
            </Stack>
            <Stack gap={4}>
              <Text fw={700} c="white">
                Acessos
              </Text>
              {AREA_LINKS.map((l) => (
                <Anchor key={l.to} component={Link} to={l.to} size="sm" c="gray.2">
                  {l.label}
                </Anchor>
              ))}
            </Stack>
          </div>
          <Text size="xs" c="gray.2" mt="lg">
            © {new Date().getFullYear()} Instituto. Todos os direitos reservados.
          </Text>
        </Container>
      </footer>
    </Box>
  );
}
