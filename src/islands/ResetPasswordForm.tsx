import { type FormEvent, useEffect, useState } from "react";
import { showToast } from "../client/toast";
import { authMessages, resetPasswordFormSchema } from "../common/schemas/auth";
import { ApiError, apiRequest } from "./lib/api";
import { Field } from "./lib/Field";
import { type FieldErrors, formValues, validate } from "./lib/form";

export interface ResetPasswordFormProps {
  token: string;
}

type Stage = "verifying" | "valid" | "invalid" | "done";

/** Spec §4 "Reset page": verifying, then the form or the invalid-link notice, then done. */
export default function ResetPasswordForm({ token }: ResetPasswordFormProps) {
  const [stage, setStage] = useState<Stage>(token ? "verifying" : "invalid");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!token) return;
    apiRequest("POST", "/api/auth/verify-reset-token", { token })
      .then(() => setStage("valid"))
      .catch(() => setStage("invalid"));
  }, [token]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(resetPasswordFormSchema, formValues(event.currentTarget));
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setPending(true);
    try {
      await apiRequest("POST", "/api/auth/reset-password", { token, newPassword: checked.data.newPassword });
      setStage("done");
    } catch (error) {
      const message =
        error instanceof ApiError ? error.message : "Failed to reset password. The link may have expired.";
      showToast({ title: "Reset Failed", description: message, variant: "destructive" });
      setErrors({ form: message });
    } finally {
      setPending(false);
    }
  }

  if (stage === "verifying") {
    return (
      <p className="muted" role="status">
        Checking your reset link...
      </p>
    );
  }
  if (stage === "invalid") {
    return (
      <div className="card">
        <h1>Invalid Reset Link</h1>
        <p>{token ? authMessages.resetTokenInvalid : authMessages.resetTokenMissing}.</p>
        <p className="muted">Password reset links expire after 30 minutes</p>
        <a className="button" href="/auth">
          Back to Sign In
        </a>
      </div>
    );
  }
  if (stage === "done") {
    return (
      <div className="card">
        <h1>Password Reset Complete</h1>
        <p>{authMessages.passwordReset}</p>
        <a className="button" href="/login">
          Go to Login
        </a>
      </div>
    );
  }
  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="reset-heading">
      <h1 id="reset-heading">Choose a new password</h1>
      <Field
        label="New Password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        revealable
        error={errors.newPassword}
      />
      <Field
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        revealable
        error={errors.confirmPassword}
      />
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button button-block" disabled={pending}>
        {pending ? "Resetting..." : "Reset Password"}
      </button>
    </form>
  );
}
