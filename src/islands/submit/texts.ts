/** Spec §2 "Submit New Open Mat modal" and §8 "Open mat submission": the modal's words. */
export const submitTexts = {
  title: "Submit New Open Mat",
  menuEntry: "Submit an Open Mat",
  submit: "Submit",
  submitting: "Submitting...",
  daysLegend: "Days of the Week *",
  errorTitle: "Error",
  geocodeFallback: "Failed to find the gym's location. Please check the address and try again.",
  generic: "Failed to submit open mat. Please try again.",
  previewHeading: "How we will read this schedule",
  previewEmpty: "Type the days and times to see how they will be read.",
  previewUnreadable: "We could not read this schedule. A person will read it when reviewing the submission.",
  previewNoOpenMat: "This reads as no public open mat.",
  previewUnparsed: "Not read:",
  previewReview: "To check:",
} as const;

/** The labels of the form's fields, in order (spec §2). */
export const fieldLabels = {
  gym: "Gym Name *",
  address: "Full Address *",
  dayAndTime: "Day and Time *",
  link: "Website or Social Link",
  communityNotes: "Community Notes",
  emailForConfirmation: "Email for Confirmation",
} as const;
