/** schema.org objects for search engines (spec §1 "Structured data"). */

export function organizationLd(publicUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: "OpenMat",
    url: `${publicUrl}/`,
    logo: `${publicUrl}/favicon.svg`,
    foundingDate: "2023",
  };
}

export function websiteLd(publicUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: "OpenMat",
    url: `${publicUrl}/`,
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${publicUrl}/?search={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbLd(publicUrl: string, crumbs: Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: `${publicUrl}${c.path}`,
    })),
  };
}
