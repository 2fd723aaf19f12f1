import { type FormEvent, useState } from "react";
import type * as v from "valibot";
import { flashToast, showToast } from "../client/toast";
import { safeNext } from "../common/safe-next";
import { authMessages, forgotPasswordSchema, loginSchema, registerFormSchema } from "../common/schemas/auth";
import { ApiError, apiRequest } from "./lib/api";
import { Field } from "./lib/Field";
import { type FieldErrors, formValues, validate } from "./lib/form";

export type AuthMode = "signin" | "register" | "reset";

export interface AuthFormsProps {
  mode: AuthMode;
  /** Where to go after signing in; only same-site paths are honoured. */
  next: string;
}

const headings: Record<AuthMode, string> = {
  signin: "Sign In",
  register: "Create Account",
  reset: "Reset Password",
};

/** Sign in, create account and reset request in one place (spec §2 "Sign-in modal and auth screen"). */
export default function AuthForms({ mode: initialMode, next }: AuthFormsProps) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  const switchTo = (m: AuthMode) => {
    setErrors({});
    setMode(m);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const schema =
      mode === "signin" ? loginSchema : mode === "register" ? registerFormSchema : forgotPasswordSchema;
    const checked = validate(schema as v.GenericSchema, values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setPending(true);
    try {
      if (mode === "signin") {
        await apiRequest("POST", "/api/auth/login", checked.data);
        flashToast({ title: "Welcome back", description: authMessages.loggedIn });
        location.assign(safeNext(next, location.origin));
      } else if (mode === "register") {
        const { username, email, password } = checked.data as v.InferOutput<typeof registerFormSchema>;
        await apiRequest("POST", "/api/auth/register", { username, email, password });
        flashToast({ title: "Welcome", description: authMessages.registered });
        location.assign(safeNext(next, location.origin));
      } else {
        await apiRequest("POST", "/api/auth/forgot-password", checked.data);
        showToast({ title: "Check your email", description: authMessages.resetSent });
        switchTo("signin");
      }
    } catch (error) {
      const message = error instanceof ApiError ? error.message : undefined;
      const [title, fallback] =
        mode === "signin"
          ? ["Login Failed", authMessages.invalidCredentials]
          : mode === "register"
            ? ["Registration Failed", "Failed to create account"]
            : ["Error", "Failed to send reset email"];
      showToast({ title, description: message ?? fallback, variant: "destructive" });
      setErrors({ form: message ?? fallback });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="auth-forms">
      <h1 className="auth-heading">{headings[mode]}</h1>
      <form key={mode} onSubmit={onSubmit} noValidate aria-label={headings[mode]}>
        {mode === "signin" && (
          <>
            <Field
              label="Email or Username"
              name="identifier"
              autoComplete="username"
              error={errors.identifier}
            />
            <Field
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              error={errors.password}
            />
          </>
        )}
        {mode === "register" && (
          <>
            <Field label="Username" name="username" autoComplete="username" error={errors.username} />
            <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
            <Field
              label="Password"
              name="password"
              type="password"
              autoComplete="new-password"
              error={errors.password}
            />
            <Field
              label="Confirm Password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword}
            />
          </>
        )}
        {mode === "reset" && (
          <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
        )}
        {errors.form && (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        )}
        <button type="submit" className="button button-block" disabled={pending}>
          {pending
            ? "Please wait..."
            : mode === "signin"
              ? "Sign In"
              : mode === "register"
                ? "Create Account"
                : "Send Reset Email"}
        </button>
      </form>
      <div className="auth-links">
        {mode === "signin" && (
          <>
            <button type="button" className="link-button" onClick={() => switchTo("reset")}>
              Forgot your password?
            </button>
            <button type="button" className="link-button" onClick={() => switchTo("register")}>
              Don't have an account? Sign up
            </button>
          </>
        )}
        {mode === "register" && (
          <button type="button" className="link-button" onClick={() => switchTo("signin")}>
            Already have an account? Sign in
          </button>
        )}
        {mode === "reset" && (
          <button type="button" className="link-button" onClick={() => switchTo("signin")}>
            Back to Sign In
          </button>
        )}
      </div>
    </div>
  );
}
