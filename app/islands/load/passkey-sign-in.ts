export { PasskeySignIn as component } from "../../staff/components/sign-in-passkey.tsx";
