import { coursePagePath, courseSummary } from "@app/shared/course-page";
import type { CoursePage } from "./course-page.service";

/** The preview image (apps/web/public/og-image.png, 1200×630): the institute's card, for every page. */
export const OG_IMAGE = { path: "/og-image.png", width: 1200, height: 630 };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** JSON inside <script>: `<` escaped, so no text of a course can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

const COURSE_MODE = { presencial: "onsite", online: "online", hibrido: "blended" } as const;

/** schema.org `Course` with its price (`offers`, AOA) and a `CourseInstance` per open class. */
export function courseJsonLd({ course, classes }: CoursePage, baseUrl: string, siteName: string) {
  const url = `${baseUrl}${coursePagePath(course.slug)}`;
  const provider = { "@type": "Organization", name: siteName, url: `${baseUrl}/` };
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    "@id": url,
    url,
    name: course.name,
    description: courseSummary(course, 500),
    ...(course.area ? { about: course.area } : {}),
    timeRequired: `P${course.durationMonths}M`,
    inLanguage: "pt-AO",
    provider,
    offers: {
      "@type": "Offer",
      category: "Paid",
      price: course.price.toFixed(2),
      priceCurrency: "AOA",
      url,
      availability: classes.some((c) => c.seats !== "Esgotado")
        ? "https://schema.org/InStock"
        : "https://schema.org/SoldOut",
    },
    hasCourseInstance: classes.map((c) => ({
      "@type": "CourseInstance",
      name: c.name,
      courseMode: COURSE_MODE[c.classType],
      startDate: c.startDate,
      endDate: c.endDate,
      courseSchedule: { "@type": "Schedule", description: c.schedule, startDate: c.startDate, endDate: c.endDate },
      ...(c.location ? { location: { "@type": "Place", name: c.location, address: c.location } } : {}),
      offers: {
        "@type": "Offer",
        price: course.price.toFixed(2),
        priceCurrency: "AOA",
        availability: c.seats === "Esgotado" ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
        validFrom: c.enrollmentStartDate,
        validThrough: c.enrollmentEndDate,
      },
    })),
  };
}

/** The <head> of a course's page: title, description, canonical, Open Graph, Twitter card and JSON-LD. */
export function coursePageHead(page: CoursePage, baseUrl: string, siteName: string): string {
  const { course } = page;
  const url = `${baseUrl}${coursePagePath(course.slug)}`;
  const title = `${course.name} — ${siteName}`;
  const description = courseSummary(course);
  const image = `${baseUrl}${OG_IMAGE.path}`;
  const meta = (attribute: "name" | "property", key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta("name", "description", description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", siteName),
    meta("property", "og:locale", "pt_AO"),
    meta("property", "og:title", course.name),
    meta("property", "og:description", description),
    meta("property", "og:url", url),
    meta("property", "og:image", image),
    meta("property", "og:image:width", String(OG_IMAGE.width)),
    meta("property", "og:image:height", String(OG_IMAGE.height)),
    meta("property", "og:image:alt", siteName),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", course.name),
    meta("name", "twitter:description", description),
    meta("name", "twitter:image", image),
    `<script type="application/ld+json">${scriptJson(courseJsonLd(page, baseUrl, siteName))}</script>`,
  ].join("\n    ");
}
