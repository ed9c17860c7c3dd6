export { PasskeySignIn as component } from "../../components/staff/sign-in-passkey.tsx";
