/** A valid open-mat form (spec §4, `POST /api/schools`) at an address the offline geocoder finds. */
export const validSubmission = {
  gym: "Riverside Grappling Club",
  address: "500 W 2nd St, Austin, TX 78701",
  dayAndTime: "Saturday 10:00am - 12:00pm",
  link: "https://riverside.example",
  communityNotes: "Bring a gi",
  emailForConfirmation: "",
  monday: false,
  tuesday: false,
  wednesday: false,
  thursday: false,
  friday: false,
  saturday: true,
  sunday: false,
};
