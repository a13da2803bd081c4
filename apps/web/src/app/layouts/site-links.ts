/** The public navigation of SPEC §2. */
export const SITE_LINKS = [
  { label: "Início", to: "/" },
  { label: "Cursos", to: "/cursos" },
  { label: "Inscrição", to: "/inscricao" },
  { label: "Sobre", to: "/#sobre" },
  { label: "Contacto", to: "/#contacto" },
] as const;

export const AREA_LINKS = [
  { label: "Área do Aluno", to: "/login-aluno" },
  { label: "Área Admin", to: "/auth" },
] as const;

export const CONTACT = {
  city: "Luanda, Angola",
  phone: "+244 923 000 000",
  email: "info@instituto.ao",
} as const;
