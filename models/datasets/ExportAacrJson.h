#pragma once

// Internal to the exports: one AACR-Bench pull request or comment object as
// the samples files write it (ExportAacr.cpp), for the writers of other
// files that hold AACR-Bench entries (the errata of gold-gap triage).

#include "DatasetExport.h"

#include <nlohmann/json.hpp>

namespace rd {

// The comment as a positive_samples.json comment (an imported one from its
// record, every field kept), with `label`'s category and context.
nlohmann::ordered_json aacrCommentJson(const ExportData &data, const StoredComment &comment, const ExportLabel &label);
// The merge request as a positive_samples.json pull request (from the record
// of the file it was imported from, when there is one), with no comments.
nlohmann::ordered_json aacrPullRequestJson(const ExportData &data, const MergeRequestEntry &mr);

} // namespace rd
