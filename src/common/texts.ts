/** UI texts from the product spec, word for word. */
export const texts = {
  homeTitle: "OpenMat: Find Brazilian Jiu-Jitsu Open Mats Near You",
  homeDescription:
    "Find a Brazilian Jiu-Jitsu open mat tonight. Search more than 1000 verified open mat schedules across the United States by city, gym or day.",
  shopComingSoon: "An e-commerce integration is coming soon.",
  aboutComingSoon: "Coming Soon",
  notFoundTitle: "404 Page Not Found",
  notFoundText: "Did you forget to add the page to the router?",
} as const;
