import { EditProfileButton, type EditProfileProps } from "./profile/EditProfileDialog";

export type { EditProfileProps };

/** The owner's Edit Profile button and dialog on /profile. */
export default function EditProfile(props: EditProfileProps) {
  return <EditProfileButton {...props} />;
}
