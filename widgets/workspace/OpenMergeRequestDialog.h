#pragma once

#include <GitRepository.h>
#include <MergeRequestLoader.h>

#include <QDialog>
#include <QTimer>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace rd {

// Choose a repository, a target and a source revision. Revisions are checked
// as they are typed, so an unknown one is flagged before OK is pressed.
class OpenMergeRequestDialog : public QDialog
{
    Q_OBJECT

public:
    explicit OpenMergeRequestDialog(const QStringList &recentRepositories, QWidget *parent = nullptr);

    void setRequest(const MergeRequestRequest &request);
    MergeRequestRequest request() const;

    // For tests: whether the current input is acceptable, and why not.
    bool isInputValid() const;
    QString problem() const { return m_problem; }

private:
    void repositoryChanged();
    void validate();
    void fillRevisions();
    QString revisionOf(const QComboBox *combo) const;

    QComboBox *m_repository = nullptr;
    QLabel *m_repositoryStatus = nullptr;
    QComboBox *m_base = nullptr;
    QLabel *m_baseStatus = nullptr;
    QComboBox *m_head = nullptr;
    QLabel *m_headStatus = nullptr;
    QCheckBox *m_twoDot = nullptr;
    QLineEdit *m_title = nullptr;
    QPlainTextEdit *m_description = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QTimer m_repositoryDelay;
    GitRepository m_repo;
    QString m_repoPath;
    QString m_problem;
    bool m_titleEdited = false;
    bool m_descriptionEdited = false;
    QString m_prefilledFrom;
};

} // namespace rd
