// `export --format errata`: what gold-gap triage added to imported ground
// truth, in each benchmark's own shape so it can be sent upstream. The
// imported gold is not in it: only the additions, each with its provenance
// (docs/arena.md, "Triage of gaps in the ground truth").

#include "DatasetExport.h"
#include "ExportAacrJson.h"
#include "ExportText.h"

#include <QHash>

namespace rd {

namespace {

using ErrataJson = nlohmann::ordered_json;

ErrataJson errataProvenance(const TriagedReference &t)
{
    ErrataJson judges = ErrataJson::array();
    for (const QString &j : t.item.judge.split(QStringLiteral(", "), Qt::SkipEmptyParts))
        judges.push_back(utf8(j));
    ErrataJson annotators = ErrataJson::array();
    for (const QString &a : t.annotators)
        annotators.push_back(utf8(a));
    return ErrataJson::object({{"method", utf8(t.method())},
                               {"comment", t.item.comment},
                               {"merge_request", t.item.mergeRequest},
                               {"run", t.item.run ? ErrataJson(*t.item.run) : ErrataJson(nullptr)},
                               {"reviewer", utf8(t.item.reviewer)},
                               {"judges", judges},
                               {"annotators", annotators},
                               {"decision", t.status == TriageStatus::AdjudicatedYes ? "adjudicated" : "agreed"},
                               {"decided", utf8(t.decided.toUTC().toString(Qt::ISODateWithMs))}});
}

// The pull request as its golden_comments file had it (every field kept),
// with the additions in place of its golden comments.
ErrataJson goldenPullRequest(const ExportData &data, const MergeRequestEntry &mr)
{
    for (const ExchangeRecord &r : data.records)
        if (r.mergeRequest == mr.id && r.dataset == QLatin1String("code-review-bench")) {
            ErrataJson record = ErrataJson::parse(r.record.constBegin(), r.record.constEnd(), nullptr, false);
            if (record.is_object()) {
                record["comments"] = ErrataJson::array();
                return record;
            }
        }
    return ErrataJson::object({{"pr_title", utf8(mr.title)}, {"url", utf8(mr.url)}, {"comments", ErrataJson::array()}});
}

} // namespace

Result<QByteArray> exportErrata(const ExportData &data, const ExportOptions &)
{
    QHash<qint64, const StoredComment *> commentOf;
    for (const StoredComment &c : data.comments)
        commentOf.insert(c.id, &c);
    QHash<qint64, QString> benchmarkOf;
    for (const ExchangeRecord &r : data.records) {
        if (r.dataset == QLatin1String("code-review-bench"))
            benchmarkOf.insert(r.mergeRequest, QStringLiteral("code_review_bench"));
        else if (r.dataset.startsWith(QLatin1String("aacr-")) && !benchmarkOf.contains(r.mergeRequest))
            benchmarkOf.insert(r.mergeRequest, QStringLiteral("aacr_bench"));
    }
    // Per section, the pull requests in the order their first addition was decided.
    QHash<QString, QList<qint64>> order;
    QHash<qint64, ErrataJson> pullRequests;
    for (const TriagedReference &t : data.triaged) {
        const StoredComment *c = commentOf.value(t.item.comment);
        const MergeRequestEntry *mr = data.mergeRequest(t.item.mergeRequest);
        if (!c || !mr)
            return Error{Error::Kind::Workspace, QStringLiteral("triaged comment %1 is not a comment of this workspace").arg(t.item.comment)};
        const QString section = benchmarkOf.value(mr->id, QStringLiteral("imported"));
        const bool golden = section == QLatin1String("code_review_bench");
        if (!pullRequests.contains(mr->id)) {
            pullRequests.insert(mr->id, golden ? goldenPullRequest(data, *mr) : aacrPullRequestJson(data, *mr));
            order[section] << mr->id;
        }
        ErrataJson entry;
        if (golden) {
            // A golden comment's two fields. Triage does not decide a
            // severity: it is left empty, to be set before sending.
            entry = ErrataJson::object({{"comment", utf8(data.clean(commentNote(c->comment)))}, {"severity", ""}});
        } else {
            ExportLabel label = data.labelOf(*c);
            label.verdict = Verdict::Accept; // a reference now
            entry = aacrCommentJson(data, *c, label);
        }
        entry["triage"] = errataProvenance(t);
        pullRequests[mr->id]["comments"].push_back(std::move(entry));
    }
    ErrataJson out = ErrataJson::object();
    out["errata"] = "ground-truth additions decided by ReviewDesk's gold-gap triage";
    out["references_added"] = data.triaged.size();
    for (const char *section : {"aacr_bench", "code_review_bench", "imported"}) {
        ErrataJson list = ErrataJson::array();
        for (qint64 id : order.value(QLatin1String(section)))
            list.push_back(pullRequests.value(id));
        out[section] = std::move(list);
    }
    // Python's json.dumps(indent=2, ensure_ascii=False), as the benchmarks write their files.
    return QByteArray::fromStdString(out.dump(2, ' ', false, ErrataJson::error_handler_t::replace));
}

} // namespace rd
