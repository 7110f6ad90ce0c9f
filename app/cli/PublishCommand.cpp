// `publish`: an annotator's review of a merge request, sent back to the
// code host it came from as review comments (docs/publishing.md).

#include "CliCommand.h"

#include <HostReviewRequests.h>
#include <ReviewPublisher.h>
#include <WorkspaceOpening.h>

#include <QProcessEnvironment>

#include <cstdio>

namespace rd::cli {

int runPublish(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Publish an annotator's review of a merge request to its code host (GitHub, GitLab, Gerrit):\n"
        "the comments NAME accepted (as edited) and the comments NAME wrote. Publishing again sends\n"
        "only what is new or edited since."));
    const QCommandLineOption workspace(QStringLiteral("workspace"), QStringLiteral("The workspace file."), QStringLiteral("FILE"));
    const QCommandLineOption mr(QStringLiteral("mr"), QStringLiteral("The merge request (its id in the workspace)."), QStringLiteral("ID"));
    const QCommandLineOption annotator(QStringLiteral("annotator"), QStringLiteral("Whose review."), QStringLiteral("NAME"));
    const QCommandLineOption verdict(QStringLiteral("verdict"),
                                     QStringLiteral("The annotator's verdict that selects a comment: accept (default), reject or unsure."),
                                     QStringLiteral("VERDICT"), QStringLiteral("accept"));
    const QCommandLineOption event(QStringLiteral("event"),
                                   QStringLiteral("What the review says: COMMENT (default), REQUEST_CHANGES or APPROVE."),
                                   QStringLiteral("EVENT"), QStringLiteral("COMMENT"));
    const QCommandLineOption summary(QStringLiteral("summary"), QStringLiteral("The review's own text (default: a line naming the annotator)."),
                                     QStringLiteral("TEXT"));
    const QCommandLineOption dryRun(QStringLiteral("dry-run"), QStringLiteral("Print the requests (method, address, JSON); send and store nothing."));
    const QCommandLineOption apiBase(QStringLiteral("api-base"),
                                     QStringLiteral("The host's API address, instead of the one derived from the merge request's URL."),
                                     QStringLiteral("URL"));
    const QCommandLineOption tokenEnv(QStringLiteral("token-env"),
                                      QStringLiteral("The variable holding the host token (default GITHUB_TOKEN, GITLAB_TOKEN or\n"
                                                     "GERRIT_HTTP_CREDENTIALS; else the keyring)."),
                                      QStringLiteral("VAR"));
    const QCommandLineOption noProvenance(QStringLiteral("no-provenance"),
                                          QStringLiteral("Leave out the footer naming the run and model (or the author) of each comment."));
    parser.addOptions({workspace, mr, annotator, verdict, event, summary, dryRun, apiBase, tokenEnv, noProvenance});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    for (const auto *required : {&workspace, &mr, &annotator})
        if (!parser.isSet(*required) || parser.value(*required).trimmed().isEmpty())
            return fail(ExitUsage, QStringLiteral("publish: --%1 is required").arg(required->names().constFirst()));

    PublishSettings settings;
    bool ok = false;
    settings.mergeRequest = parser.value(mr).toLongLong(&ok);
    if (!ok || settings.mergeRequest <= 0)
        return fail(ExitUsage, QStringLiteral("publish: --mr is a merge request id (a positive number), not '%1'").arg(parser.value(mr)));
    settings.annotator = parser.value(annotator).trimmed();
    const auto chosenVerdict = verdictFromName(parser.value(verdict));
    if (!chosenVerdict)
        return fail(ExitUsage, QStringLiteral("publish: --verdict is accept, reject or unsure, not '%1'").arg(parser.value(verdict)));
    settings.verdict = *chosenVerdict;
    const auto chosenEvent = reviewEventFromName(parser.value(event));
    if (!chosenEvent)
        return fail(ExitUsage, QStringLiteral("publish: --event is COMMENT, REQUEST_CHANGES or APPROVE, not '%1'").arg(parser.value(event)));
    settings.event = *chosenEvent;
    settings.provenance = !parser.isSet(noProvenance);
    settings.summary = parser.value(summary);
    if (parser.isSet(apiBase)) {
        settings.apiBase = QUrl(parser.value(apiBase), QUrl::StrictMode);
        if (!settings.apiBase.isValid() || settings.apiBase.host().isEmpty())
            return fail(ExitUsage, QStringLiteral("publish: --api-base '%1' is not a web address").arg(parser.value(apiBase)));
    }
    const QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    if (parser.isSet(tokenEnv) && environment.value(parser.value(tokenEnv)).isEmpty() && !parser.isSet(dryRun))
        return fail(ExitUsage, QStringLiteral("publish: --token-env names %1, which is not set").arg(parser.value(tokenEnv)));

    auto store = openWorkspaceStore(parser.value(workspace), WorkspaceOpenMode::OpenExisting);
    if (!store)
        return fail(exitCodeFor(store.error()), QStringLiteral("publish: %1").arg(store.error().message));
    auto plan = planReviewPublication(**store, settings);
    if (!plan)
        return fail(exitCodeFor(plan.error()), QStringLiteral("publish: %1").arg(plan.error().message));

    if (parser.isSet(dryRun)) {
        QString text = publicationSummary(*plan);
        text += plan->nothingToSend() ? QStringLiteral("Nothing new to publish.\n")
                                      : QStringLiteral("Dry run: these requests would be sent (nothing was sent or stored):\n\n")
                                            + dryRunText(reviewRequests(*plan, localDiffRefs(*plan)), plan->locator);
        return writeStdout(text.toUtf8()) && std::fflush(stdout) == 0 ? ExitOk : fail(ExitInternal, QStringLiteral("publish: cannot write the output"));
    }
    WorkspaceStore &workspaceStore = **store;
    const PublishOutcome outcome = publishReview(
        *plan, [&](const RemoteComment &remote) { return workspaceStore.setRemoteComment(remote); },
        parser.value(tokenEnv), environment, [](const QString &notice) {
            std::fprintf(stderr, "reviewdesk-cli: publish: %s\n", notice.toLocal8Bit().constData());
        });
    writeStdout(publishReport(*plan, outcome).toUtf8());
    std::fflush(stdout);
    if (outcome.failure)
        return fail(exitCodeFor(*outcome.failure), QStringLiteral("publish: %1").arg(outcome.failure->message));
    return ExitOk;
}

} // namespace rd::cli
