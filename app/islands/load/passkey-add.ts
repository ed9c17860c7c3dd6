export { PasskeyAdd as component } from "../../components/staff/sign-in-passkey-add.tsx";
