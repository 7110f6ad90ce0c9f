// readPullRequest: one request shape per host, each field checked.

#include "HostAnswer.h"
#include "HostPullRequest.h"

#include <QCoreApplication>
#include <QUrl>

#include <algorithm>

namespace rd {

namespace {

// GET /repos/{owner}/{repo}/pulls/{number}
Result<HostPullRequest> readGitHubPullRequest(HostClient &client, HostPullRequest pr)
{
    const HostRequest request{"GET", QStringLiteral("/repos/%1/pulls/%2").arg(pr.locator.project, QString::number(pr.locator.number)), {}, {}};
    HostAnswer answer(client, request);
    const auto asked = answer.ask(client, request);
    if (!asked)
        return asked.error();
    const QJsonObject &root = *asked;
    pr.title = answer.text(root, {}, QStringLiteral("title"));
    pr.description = answer.text(root, {}, QStringLiteral("body"), HostAnswer::Optional);
    pr.state = answer.text(root, {}, QStringLiteral("state"));
    pr.webUrl = answer.text(root, {}, QStringLiteral("html_url"));
    const QJsonObject base = answer.object(root, {}, QStringLiteral("base"));
    pr.baseSha = answer.sha(base, QStringLiteral("base"), QStringLiteral("sha"));
    pr.baseBranch = answer.text(base, QStringLiteral("base"), QStringLiteral("ref"));
    const QJsonObject repo = answer.object(base, QStringLiteral("base"), QStringLiteral("repo"));
    pr.cloneUrl = answer.text(repo, QStringLiteral("base.repo"), QStringLiteral("clone_url"));
    const QJsonObject head = answer.object(root, {}, QStringLiteral("head"));
    pr.headSha = answer.sha(head, QStringLiteral("head"), QStringLiteral("sha"));
    if (answer.failed())
        return answer.error();
    return pr;
}

// GET /projects/{path}/merge_requests/{iid}, then GET /projects/{id} for
// the clone URL (a merge request names only its project's id).
Result<HostPullRequest> readGitLabPullRequest(HostClient &client, HostPullRequest pr)
{
    const HostRequest request{"GET", QStringLiteral("/projects/%1/merge_requests/%2").arg(encodedProject(pr.locator.project), QString::number(pr.locator.number)), {}, {}};
    HostAnswer answer(client, request);
    const auto asked = answer.ask(client, request);
    if (!asked)
        return asked.error();
    const QJsonObject &root = *asked;
    pr.title = answer.text(root, {}, QStringLiteral("title"));
    pr.description = answer.text(root, {}, QStringLiteral("description"), HostAnswer::Optional);
    pr.state = answer.text(root, {}, QStringLiteral("state"));
    pr.webUrl = answer.text(root, {}, QStringLiteral("web_url"));
    pr.baseBranch = answer.text(root, {}, QStringLiteral("target_branch"));
    const qint64 project = answer.number(root, {}, QStringLiteral("target_project_id"));
    // diff_refs is null while GitLab is still preparing a new merge request.
    const QJsonObject refs = answer.object(root, {}, QStringLiteral("diff_refs"));
    pr.baseSha = answer.sha(refs, QStringLiteral("diff_refs"), QStringLiteral("base_sha"));
    pr.headSha = answer.sha(refs, QStringLiteral("diff_refs"), QStringLiteral("head_sha"));
    if (answer.failed())
        return answer.error();

    const HostRequest projectRequest{"GET", QStringLiteral("/projects/%1").arg(project), {}, {}};
    HostAnswer projectAnswer(client, projectRequest);
    const auto projectRoot = projectAnswer.ask(client, projectRequest);
    if (!projectRoot)
        return projectRoot.error();
    pr.cloneUrl = projectAnswer.text(*projectRoot, {}, QStringLiteral("http_url_to_repo"));
    if (projectAnswer.failed())
        return projectAnswer.error();
    return pr;
}

// GET /changes/{project~number}?o=ALL_REVISIONS&o=ALL_COMMITS: every patch
// set with its commit. ALL_COMMITS rather than CURRENT_COMMIT, because
// CURRENT_COMMIT gives the parents of the current patch set only, and the
// URL may name an older one.
Result<HostPullRequest> readGerritPullRequest(HostClient &client, HostPullRequest pr)
{
    HostRequest request{"GET", QStringLiteral("/changes/%1~%2").arg(encodedProject(pr.locator.project), QString::number(pr.locator.number)), {}, {}};
    request.query.addQueryItem(QStringLiteral("o"), QStringLiteral("ALL_REVISIONS"));
    request.query.addQueryItem(QStringLiteral("o"), QStringLiteral("ALL_COMMITS"));
    HostAnswer answer(client, request);
    const auto asked = answer.ask(client, request);
    if (!asked)
        return asked.error();
    const QJsonObject &root = *asked;
    pr.title = answer.text(root, {}, QStringLiteral("subject"));
    pr.state = answer.text(root, {}, QStringLiteral("status"));
    pr.baseBranch = answer.text(root, {}, QStringLiteral("branch"));
    const QString current = answer.sha(root, {}, QStringLiteral("current_revision"));
    const QJsonObject revisions = answer.object(root, {}, QStringLiteral("revisions"));
    QString currentMessage;
    QHash<int, QString> messages;
    for (auto it = revisions.begin(); it != revisions.end() && !answer.failed(); ++it) {
        const QString path = HostAnswer::join(QStringLiteral("revisions"), it.key());
        const QJsonObject revision = answer.object(it.value(), path);
        GerritPatchSet set;
        set.commit = it.key();
        set.number = int(answer.number(revision, path, QStringLiteral("_number")));
        set.ref = answer.text(revision, path, QStringLiteral("ref"));
        const QJsonObject commit = answer.object(revision, path, QStringLiteral("commit"));
        const QJsonArray parents = answer.array(commit, path + QStringLiteral(".commit"), QStringLiteral("parents"));
        if (!answer.failed() && parents.isEmpty())
            answer.refuse(path + QStringLiteral(".commit.parents"), QCoreApplication::translate("rd::hosts", "the patch set has no parent commit to compare it with"));
        else if (!answer.failed())
            set.parent = answer.sha(answer.object(parents.first(), path + QStringLiteral(".commit.parents[0]")),
                                    path + QStringLiteral(".commit.parents[0]"), QStringLiteral("commit"));
        messages.insert(set.number, answer.text(commit, path + QStringLiteral(".commit"), QStringLiteral("message"), HostAnswer::Optional));
        if (!answer.failed() && set.number <= 0)
            answer.refuse(path + QStringLiteral("._number"), QCoreApplication::translate("rd::hosts", "a patch set number must be positive"));
        if (!answer.failed() && set.ref != pr.locator.headRef(set.number))
            answer.refuse(path + QStringLiteral(".ref"), QCoreApplication::translate("rd::hosts", "\"%1\" is not the ref of patch set %2 (%3)").arg(set.ref, QString::number(set.number), pr.locator.headRef(set.number)));
        pr.patchSets.append(set);
        if (set.commit == current)
            pr.patchSet = set.number;
    }
    if (!answer.failed() && pr.patchSet == 0)
        answer.refuse(QStringLiteral("current_revision"), QCoreApplication::translate("rd::hosts", "%1 is not among the revisions").arg(current));
    if (answer.failed())
        return answer.error();
    std::sort(pr.patchSets.begin(), pr.patchSets.end(), [](const GerritPatchSet &a, const GerritPatchSet &b) { return a.number < b.number; });
    if (pr.locator.patchSet > 0)
        pr.patchSet = pr.locator.patchSet;
    const auto chosen = std::find_if(pr.patchSets.cbegin(), pr.patchSets.cend(), [&](const GerritPatchSet &s) { return s.number == pr.patchSet; });
    if (chosen == pr.patchSets.cend())
        return Error{Error::Kind::Service, QCoreApplication::translate("rd::hosts", "%1: the change has no patch set %2 (it has 1 to %3)")
                                               .arg(HostAnswer::describe(client, request), QString::number(pr.patchSet), QString::number(pr.patchSets.last().number))};
    pr.headSha = chosen->commit;
    pr.baseSha = chosen->parent;
    pr.headRef = chosen->ref;
    // The parent arrives with the head commit: nothing else to fetch.
    pr.baseRefs = {};
    // A Gerrit change's description is its commit message after the subject line.
    const QString message = messages.value(pr.patchSet);
    pr.description = message.section(QLatin1Char('\n'), 1).trimmed();
    // One address for the change whatever patch set the URL named: host
    // comments are recorded per pull request address.
    QUrl web = pr.locator.webUrl;
    const QString marker = QStringLiteral("/+/%1").arg(pr.locator.number);
    web.setPath(web.path().left(web.path().indexOf(marker) + marker.size()));
    pr.webUrl = web.toString();
    pr.cloneUrl = pr.locator.defaultCloneUrl();
    return pr;
}

} // namespace

QString encodedProject(const QString &project)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(project));
}

Result<HostPullRequest> readPullRequest(HostClient &client)
{
    HostPullRequest pr;
    pr.locator = client.locator();
    if (pr.locator.kind == CodeHostKind::Gerrit)
        return readGerritPullRequest(client, pr);
    auto read = pr.locator.kind == CodeHostKind::GitHub ? readGitHubPullRequest(client, pr) : readGitLabPullRequest(client, pr);
    if (read) {
        // The host's own ref for the head, and the target branch the base is on.
        read->headRef = read->locator.headRef();
        read->baseRefs = {QStringLiteral("refs/heads/") + read->baseBranch};
    }
    return read;
}

} // namespace rd
