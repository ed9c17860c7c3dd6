export { PasskeyAdd as component } from "../../staff/components/sign-in-passkey-add.tsx";
