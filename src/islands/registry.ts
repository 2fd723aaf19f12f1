/**
 * Every island, by name, loaded lazily so the browser build splits one chunk per island
 * and the server can load them all at start. Add an island here and nowhere else.
 */
export const islandRegistry = {
  AccountSettings: () => import("./AccountSettings"),
  AdminDashboard: () => import("./AdminDashboard"),
  AuthForms: () => import("./AuthForms"),
  Conversation: () => import("./Conversation"),
  EditProfile: () => import("./EditProfile"),
  FeedProgress: () => import("./FeedProgress"),
  FeedSaved: () => import("./FeedSaved"),
  GoingToggle: () => import("./GoingToggle"),
  HomeScreen: () => import("./HomeScreen"),
  ManageSchool: () => import("./ManageSchool"),
  ManageGym: () => import("./ManageGym"),
  Messages: () => import("./Messages"),
  NavBadges: () => import("./NavBadges"),
  Newsfeed: () => import("./Newsfeed"),
  OfflineSaved: () => import("./OfflineSaved"),
  ProfileActions: () => import("./ProfileActions"),
  ProfileActivity: () => import("./ProfileActivity"),
  ProfileBadges: () => import("./ProfileBadges"),
  ProfilePosts: () => import("./ProfilePosts"),
  PushSettings: () => import("./PushSettings"),
  ResetPasswordForm: () => import("./ResetPasswordForm"),
  SchoolCheckIn: () => import("./SchoolCheckIn"),
  SchoolDirections: () => import("./SchoolDirections"),
  SchoolReviews: () => import("./SchoolReviews"),
  SeeFriends: () => import("./SeeFriends"),
  SubmitOpenMat: () => import("./SubmitOpenMat"),
  UserSearch: () => import("./UserSearch"),
};

export type IslandName = keyof typeof islandRegistry;
