#include "DatasetExchange.h"

#include "DatasetParsers.h"
#include "CommitCheck.h"
#include "DiffContext.h"
#include "RemoteFetch.h"
#include "WorkspaceStore.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QUrl>

namespace rd {

namespace {

Error inFile(const QString &file, const Error &e)
{
    return Error{e.kind, QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(file), e.message)};
}

// --fetch: a GitHub pull request's head (refs/pull/N/head) and the remote's
// default branch (where its base usually is) into `clone`.
Result<bool> fetchPullRequestCommits(const QString &clone, const QString &pullRequestUrl, const QString &repositoryUrl,
                                     const QString &base, const QString &head)
{
    const QUrl url(pullRequestUrl);
    const QStringList path = url.path().split(QLatin1Char('/'), Qt::SkipEmptyParts);
    const int number = path.size() == 4 && path.at(2) == QLatin1String("pull") ? path.at(3).toInt() : 0;
    if (number <= 0)
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "not a GitHub pull request address, so ReviewDesk does not know which ref to fetch")};
    RemoteFetch fetch;
    fetch.url = remoteUrl(clone);
    if (fetch.url.isEmpty())
        fetch.url = repositoryUrl;
    fetch.refs = {QStringLiteral("refs/pull/%1/head").arg(number)};
    fetch.refsIfThere = {QStringLiteral("HEAD")};
    fetch.keepUnder = keptRefsFor(url.host(), number);
    fetch.keep = {{QStringLiteral("head"), head}, {QStringLiteral("base"), base}};
    auto fetched = fetchIntoRepository(clone, fetch);
    if (!fetched)
        return fetched.error();
    return true;
}

Result<QByteArray> readFile(const QString &file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::models", "cannot read %1: %2").arg(QDir::toNativeSeparators(file), f.errorString())};
    if (f.size() > MaxImportFileBytes)
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "%1 is %2 MiB; ReviewDesk imports files up to %3 MiB")
                                             .arg(QDir::toNativeSeparators(file))
                                             .arg(f.size() / (1024 * 1024))
                                             .arg(MaxImportFileBytes / (1024 * 1024))};
    return f.readAll();
}

} // namespace

QStringList aacrImportKinds()
{
    return {QStringLiteral("ground-truth"), QStringLiteral("candidates"), QStringLiteral("labelled")};
}

Result<ImportOutcome> importAacrFile(ExchangeStore &store, const QString &file, const AacrImportOptions &options)
{
    if (!aacrImportKinds().contains(options.kind))
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "import as ground-truth, candidates or labelled, not '%1'").arg(options.kind)};
    QString samples = options.samples;
    const QString name = QFileInfo(file).fileName();
    if (samples.isEmpty()) {
        if (name.contains(QLatin1String("negative"), Qt::CaseInsensitive))
            samples = QStringLiteral("negative");
        else if (name.contains(QLatin1String("positive"), Qt::CaseInsensitive))
            samples = QStringLiteral("positive");
        else
            return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "%1: say whether it holds positive or negative samples (--samples positive|negative)").arg(name)};
    }
    if (samples != QLatin1String("positive") && samples != QLatin1String("negative"))
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "samples are positive or negative, not '%1'").arg(samples)};
    const bool positive = samples == QLatin1String("positive");
    if (!positive && options.kind == QLatin1String("ground-truth"))
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "%1: negative samples are rejected comments, not ground-truth issues; import them as labelled or as candidates").arg(name)};
    if (options.kind == QLatin1String("labelled") && options.annotator.trimmed().isEmpty())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "the annotator's name is empty")};

    QList<std::pair<QString, QString>> repoMap;
    QString mapFolder;
    if (!options.repoMapFile.isEmpty()) {
        auto bytes = readFile(options.repoMapFile);
        if (!bytes)
            return bytes.error();
        auto parsed = parseRepoMap(*bytes);
        if (!parsed)
            return inFile(options.repoMapFile, parsed.error());
        repoMap = *parsed;
        mapFolder = QFileInfo(options.repoMapFile).absolutePath();
    }
    auto bytes = readFile(file);
    if (!bytes)
        return bytes.error();
    auto pullRequests = parseAacrSamples(*bytes);
    bytes->clear();
    if (!pullRequests)
        return inFile(file, pullRequests.error());

    ImportOutcome outcome;
    DatasetImport import;
    import.format = QStringLiteral("aacr");
    import.source = name;
    import.kind = options.kind;
    import.annotator = options.annotator.trimmed();
    int position = 0;
    for (const AacrPullRequest &pr : std::as_const(*pullRequests)) {
        ImportedMergeRequest mr;
        mr.dataset = positive ? QStringLiteral("aacr-positive") : QStringLiteral("aacr-negative");
        mr.position = position++;
        mr.record = pr.record;
        MergeRequestEntry &e = mr.entry;
        e.url = pr.url;
        e.base = pr.sourceCommit;
        e.head = pr.targetCommit;
        e.language = pr.language;
        e.prCategory = pr.category;
        e.title = pr.url.section(QLatin1Char('/'), -4, -4) + QLatin1Char('/') + pr.url.section(QLatin1Char('/'), -3, -3) + QLatin1Char('#')
                  + pr.url.section(QLatin1Char('/'), -1);
        e.repository = pr.repositoryUrl;
        e.codeLinked = false;
        QString clone;
        for (const auto &[url, path] : repoMap)
            if (url.compare(pr.repositoryUrl, Qt::CaseInsensitive) == 0)
                clone = QDir::isAbsolutePath(path) ? path : QDir(mapFolder).filePath(path);
        if (!clone.isEmpty()) {
            clone = QDir::cleanPath(QFileInfo(clone).absoluteFilePath());
            QString missing = missingCommits(clone, e.base, e.head);
            if (!missing.isEmpty() && options.fetch) {
                // One pull request's failed fetch is told and the others go on.
                if (auto fetched = fetchPullRequestCommits(clone, pr.url, pr.repositoryUrl, e.base, e.head); !fetched) {
                    outcome.notes << QCoreApplication::translate("rd::models", "%1: not fetched: %2").arg(pr.url, fetched.error().message);
                } else {
                    ++outcome.fetched;
                    missing = missingCommits(clone, e.base, e.head);
                }
            }
            if (missing.isEmpty()) {
                e.repository = clone;
                e.codeLinked = true;
            } else {
                outcome.notes << QCoreApplication::translate("rd::models", "%1: imported without code: %2").arg(pr.url, missing);
            }
        }
        for (const AacrComment &c : pr.comments) {
            ImportedComment ic;
            ReviewComment &r = ic.comment;
            r.file = c.path;
            r.side = c.side == QLatin1String("left") ? QStringLiteral("old") : QStringLiteral("new");
            r.lineStart = c.fromLine;
            r.lineEnd = c.toLine;
            r.issue = c.note;
            r.category = c.category;
            ic.author = !c.sourceModel.isEmpty() ? c.sourceModel : (c.isAi ? QStringLiteral("AI") : QStringLiteral("human"));
            ic.exchange = c.record;
            if (options.kind == QLatin1String("ground-truth")) {
                ic.reference = true;
            } else if (options.kind == QLatin1String("labelled")) {
                ic.verdict = positive ? Verdict::Accept : Verdict::Reject;
                // Only labels the judgement can hold exactly; the comment keeps the file's own.
                if (const auto category = canonicalCategory(c.category); category && *category == c.category)
                    ic.category = c.category;
                ic.context = contextLevelFromName(c.context);
            }
            mr.comments.append(std::move(ic));
        }
        import.mergeRequests.append(std::move(mr));
    }
    auto summary = store.importDataset(import);
    if (!summary)
        return inFile(file, summary.error());
    outcome.summary = *summary;
    if (repoMap.isEmpty() && summary->withoutCode > 0)
        outcome.notes << QCoreApplication::translate("rd::models", "%1 pull requests imported without code (no repository map): their comments count, the diff cannot be shown")
                             .arg(summary->withoutCode);
    return outcome;
}

Result<ImportOutcome> importRunFile(ExchangeStore &store, const QString &file, const RunImportOptions &options)
{
    if (options.repository.isEmpty())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "importing a run needs the repository it reviewed")};
    auto bytes = readFile(file);
    if (!bytes)
        return bytes.error();
    auto run = parseRunFile(*bytes);
    if (!run)
        return inFile(file, run.error());
    ImportOutcome outcome;
    ImportedMergeRequest mr;
    MergeRequestEntry &e = mr.entry;
    e.repository = QDir::cleanPath(QFileInfo(options.repository).absoluteFilePath());
    e.base = options.base.isEmpty() ? run->base : options.base;
    e.head = options.head.isEmpty() ? run->head : options.head;
    e.twoDot = options.twoDot;
    if (e.base.isEmpty() || e.head.isEmpty())
        return inFile(file, Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "the run names no base and head commits; give --base and --head")});
    if (const QString missing = missingCommits(e.repository, e.base, e.head); !missing.isEmpty()) {
        e.codeLinked = false;
        outcome.notes << QCoreApplication::translate("rd::models", "imported without code: %1").arg(missing);
    }
    StoredRun stored;
    stored.label = QCoreApplication::translate("rd::models", "imported from %1").arg(QFileInfo(file).fileName());
    stored.model = run->model;
    stored.configHash = QString::fromLatin1(QCryptographicHash::hash(run->record, QCryptographicHash::Sha256).toHex().left(16));
    stored.started = run->started;
    stored.finished = run->finished;
    stored.record = run->record;
    mr.run = stored;
    for (const ReviewComment &c : std::as_const(run->comments)) {
        ImportedComment ic;
        ic.comment = c;
        ic.author = run->model;
        mr.comments.append(std::move(ic));
    }
    DatasetImport import;
    import.format = QStringLiteral("run");
    import.source = QFileInfo(file).fileName();
    import.kind = QStringLiteral("candidates");
    import.mergeRequests.append(std::move(mr));
    auto summary = store.importDataset(import);
    if (!summary)
        return inFile(file, summary.error());
    outcome.summary = *summary;
    return outcome;
}

Result<QString> exportToFile(const WorkspaceStore &store, const QString &format, const QString &out, std::optional<qint64> mergeRequest,
                             std::optional<qint64> run, double delta, DpoPairs pairs)
{
    const ExportFormat *f = findExportFormat(format);
    if (!f) {
        QStringList names;
        for (const ExportFormat &known : exportFormats())
            names << known.name;
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "no export format '%1' (formats: %2)").arg(format, names.join(QStringLiteral(", ")))};
    }
    if (!(delta >= 0))
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "the score gap δ must be 0 or more")};
    auto data = loadExportData(store, mergeRequest, run);
    if (!data)
        return data.error();
    DiffContext context;
    ExportOptions options;
    options.delta = delta;
    options.pairs = pairs;
    options.diffContext = [&context](const MergeRequestEntry &mr, const StoredComment &c) { return context.around(mr, c); };
    auto bytes = f->write(*data, options);
    if (!bytes)
        return bytes.error();
    QString path = out;
    if (QFileInfo(out).isDir())
        path = QDir(out).filePath(f->name + QLatin1Char('.') + f->extension);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(*bytes) != bytes->size() || !file.commit())
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::models", "cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString())};
    return path;
}

} // namespace rd
