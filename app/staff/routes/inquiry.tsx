import { InquiryDetails, QuoteRequest } from "../components/inquiry/inquiry-details.tsx";
import { InquiryFiles } from "../components/inquiry/inquiry-files.tsx";
import { EraseSection, InquiryHistory } from "../components/inquiry/inquiry-history.tsx";
import { InquiryMails } from "../components/inquiry/inquiry-mails.tsx";
import { InquiryNotes } from "../components/inquiry/inquiry-notes.tsx";
import { InquiryQuotations } from "../components/inquiry/inquiry-quotations.tsx";
import { FirstReply, ReplyLinks } from "../components/inquiry/inquiry-replies.tsx";
import { SpamTray, StatusForm } from "../components/inquiry/inquiry-status.tsx";
import { StaffPage } from "../components/staff-page.tsx";
import { StatusBadge } from "../components/status-badge.tsx";
import { changeInquiry } from "../lib/inquiry-actions.server.ts";
import { inquiryPage } from "../lib/inquiry-page.server.ts";
import { staffPageMeta } from "../lib/page.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/inquiry";

export const loader = ({ request, params }: Route.LoaderArgs) => inquiryPage(request, params.reference);

export const action = ({ request, params }: Route.ActionArgs) => changeInquiry(request, params.reference);

export const meta: Route.MetaFunction = ({ loaderData }) => staffPageMeta(loaderData?.inquiry.reference ?? "Inquiry");

export default function Inquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, done, inquiry, replies, mails, notes, history, files, quotations, firstReply } = loaderData;
  return (
    <StaffPage staff={staff} back={{ href: staffPaths.inbox, label: "All inquiries" }} done={done}>
      <h1>
        {inquiry.reference}: <bdi>{inquiry.name}</bdi>
      </h1>
      <p>
        <StatusBadge status={inquiry.status} /> Received <time dateTime={inquiry.receivedAt}>{inquiry.received}</time>
      </p>
      {inquiry.status === "spam" && <SpamTray reason={inquiry.spamReason} />}
      <ReplyLinks replies={replies} />
      <FirstReply text={firstReply.text} />
      <InquiryQuotations reference={inquiry.reference} quotations={quotations} />
      <InquiryDetails inquiry={inquiry} />
      {inquiry.quote && <QuoteRequest rows={inquiry.quote} />}
      {files.length > 0 && <InquiryFiles files={files} />}
      <StatusForm status={inquiry.status} />
      <InquiryNotes notes={notes} refused={actionData} />
      <InquiryMails mails={mails} />
      <InquiryHistory history={history} />
      <EraseSection reference={inquiry.reference} />
    </StaffPage>
  );
}
