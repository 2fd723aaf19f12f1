import type { AccountSettingsProps } from "../islands/AccountSettings";
import { Island } from "../server/render/island";
import type { RenderInput } from "../server/render/render-page";

export function accountPage(props: AccountSettingsProps): RenderInput {
  return {
    meta: { title: "Account | OpenMat", description: "Manage your OpenMat account.", noindex: true },
    body: (
      <section className="page narrow">
        <h1>Account Settings</h1>
        <Island name="AccountSettings" props={props} />
        <Island name="PushSettings" props={{}} />
      </section>
    ),
  };
}
